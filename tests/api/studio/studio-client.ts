// TEMPORARY: calls the services until the studio routes exist.
import { getDropDashboard } from "@/lib/services/drop-dashboard";
import { mintsCsvLines } from "@/lib/services/mints-export";
import type { TestApp } from "../../helpers/test-app";
import type { FixtureDrop } from "../mint/fixtures";

export type StudioCaller = { app: TestApp };

export async function studioCaller(app: TestApp, _drop: FixtureDrop): Promise<StudioCaller> {
  return { app };
}

export async function dashboardOf(caller: StudioCaller, collectionId: string) {
  const view = await getDropDashboard(caller.app.context(), collectionId);
  const body = JSON.parse(JSON.stringify({ success: true, ...view }));
  return { status: 200, text: "", body, headers: new Headers() };
}

export async function mintsCsvOf(caller: StudioCaller, collectionId: string) {
  const lines: string[] = [];
  for await (const line of mintsCsvLines(caller.app.context(), collectionId)) lines.push(line);
  return { status: 200, text: lines.join("\r\n") + "\r\n", headers: new Headers({ "content-type": "text/csv" }) };
}
