// Requests that the framework itself used to answer with a bare 500 or an empty 405, sent
// raw over a socket to the built site as `npm start` serves it: malformed percent-encoding,
// methods Next.js never routes, methods a route does not answer, deep paths, and an
// oversized chunked body followed by another request on the same connection.
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../helpers/error-body";
import { freePort, startSite, type Site } from "../helpers/site-process";

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** Reads one HTTP/1.1 answer (Content-Length or chunked) from what the socket has received. */
function parseAnswer(buffer: Buffer): { answer: RawAnswer; rest: Buffer } | null {
  const end = buffer.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
  );
  const body = buffer.subarray(end + 4);
  if (headers["transfer-encoding"] === "chunked") {
    const parts: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const lineEnd = body.indexOf("\r\n", offset);
      if (lineEnd < 0) return null;
      const size = parseInt(body.subarray(offset, lineEnd).toString(), 16);
      if (body.length < lineEnd + 2 + size + 2) return null;
      if (size === 0)
        return {
          answer: { status: Number(statusLine!.split(" ")[1]), headers, body: Buffer.concat(parts).toString() },
          rest: body.subarray(lineEnd + 4),
        };
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
  }
  const length = Number(headers["content-length"] ?? 0);
  if (body.length < length) return null;
  return {
    answer: { status: Number(statusLine!.split(" ")[1]), headers, body: body.subarray(0, length).toString() },
    rest: body.subarray(length),
  };
}

class RawConnection {
  private received: Buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  closed = false;
  private constructor(private readonly socket: Socket) {
    socket.on("data", (chunk) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    socket.on("close", () => {
      this.closed = true;
      this.waiting?.();
    });
  }
  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }
  write(data: string | Buffer): void {
    this.socket.write(data);
  }
  /** The next answer; bounded so a hang fails the test instead of stalling it. */
  async answer(timeoutMs = 15_000): Promise<RawAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = parseAnswer(this.received);
      if (parsed) {
        this.received = parsed.rest;
        return parsed.answer;
      }
      if (this.closed) throw new Error("connection closed without an answer");
      if (Date.now() > deadline) throw new Error("no answer in time");
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 200);
      });
    }
  }
  async untilClosed(timeoutMs = 15_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return this.closed;
  }
  close(): void {
    this.socket.destroy();
  }
}

/** A short body deadline, so the stalled-body test answers in about a second. */
const BODY_TIMEOUT_MS = 1_000;
/** The per-IP request budget, small enough for the flood test to pass it (every test here comes from one address). */
const READS_PER_MINUTE = 150;

describe("hostile requests against the built site", () => {
  let dataDir: string;
  let site: Site | undefined;
  let port: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-hostile-"));
    port = await freePort();
    site = await startSite({
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      REQUEST_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
      RATE_LIMIT_READS_PER_MINUTE: String(READS_PER_MINUTE),
    });
  });
  afterAll(async () => {
    await site?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  const send = async (method: string, target: string, extra = "") => {
    const connection = await RawConnection.open(port);
    try {
      connection.write(
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\nConnection: close\r\n${extra}\r\n`,
      );
      return await connection.answer();
    } finally {
      connection.close();
    }
  };

  it.each(["/api/v1/collections/%E0%A4%A", "/api/v1/collections/%/bounty", "/api/public/%zz", "/api/v1/%C0%AE"])(
    "answers the malformed API path %s with the 400 envelope",
    async (target) => {
      const answer = await send("GET", target);
      expect(answer.status, answer.body).toBe(400);
      expect(errorBodySchema.parse(JSON.parse(answer.body)).code).toBe("INVALID_REQUEST");
    },
  );

  it("answers a malformed page path with the site's error page", async () => {
    const answer = await send("GET", "/d/%E0%A4%A");
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.body).toContain("Back to Dropmint");
  });

  it.each(["TRACE", "PROPFIND", "QUERY", "SEARCH"])("answers %s with 405, the envelope and Allow", async (method) => {
    const answer = await send(method, "/api/v1/collections/sprites");
    expect(answer.status, answer.body).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(errorBodySchema.parse(JSON.parse(answer.body)).code).toBe("METHOD_NOT_ALLOWED");
  });

  it("answers a method a route does not export with the envelope and Allow, not an empty 405", async () => {
    for (const [method, target, allow] of [
      ["PUT", "/api/health", "GET, HEAD"],
      ["DELETE", "/api/localnet/faucet", "POST"],
      ["GET", "/api/v1/prepare-mint", "POST, OPTIONS"],
    ] as const) {
      const answer = await send(method, target);
      expect([answer.status, answer.headers.allow], `${method} ${target}`).toEqual([405, allow]);
      expect(errorBodySchema.parse(JSON.parse(answer.body)).code).toBe("METHOD_NOT_ALLOWED");
    }
  });

  it("answers deep paths under the catch-alls with the 404 envelope", async () => {
    for (const target of [
      `/api/v1/${"a/".repeat(2_000)}x`,
      `/api/public/${"a/".repeat(1_000)}x`,
      `/api/localnet/${"a/".repeat(500)}x`,
    ]) {
      const answer = await send("GET", target);
      expect(answer.status).toBe(404);
      expect(errorBodySchema.parse(JSON.parse(answer.body)).code).toBe("NOT_FOUND");
    }
  });

  it("closes the connection after refusing an oversized chunked body, so nothing waits on it", async () => {
    const connection = await RawConnection.open(port);
    try {
      const chunk = `{"x":"${"a".repeat(70_000)}"}`;
      connection.write(
        `POST /api/v1/prepare-mint HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
          `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
      );
      const refused = await connection.answer();
      expect(refused.status).toBe(413);
      expect(errorBodySchema.parse(JSON.parse(refused.body)).code).toBe("PAYLOAD_TOO_LARGE");
      expect(refused.headers.connection).toBe("close");
      expect(await connection.untilClosed()).toBe(true);
    } finally {
      connection.close();
    }
    // A new connection is answered at once.
    const next = await send("GET", "/api/health");
    expect(next.status).toBe(200);
  });

  it("answers a body that stalls 408 REQUEST_TIMEOUT at the deadline and closes the connection", async () => {
    const connection = await RawConnection.open(port);
    const startedAt = Date.now();
    try {
      connection.write(
        `POST /api/v1/execute-mint HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"sessionId":"`,
      );
      const refused = await connection.answer();
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
      expect(refused.status).toBe(408);
      expect(errorBodySchema.parse(JSON.parse(refused.body)).code).toBe("REQUEST_TIMEOUT");
      expect(refused.headers.connection).toBe("close");
      expect(await connection.untilClosed()).toBe(true);
    } finally {
      connection.close();
    }
  });

  // Last: it spends the address's whole budget.
  it("limits a flood of random NFT metadata ids from one address with 429, before any lookup", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= READS_PER_MINUTE && !statuses.includes(429); i++)
      statuses.push((await send("GET", `/m/sprites/${crypto.randomUUID()}`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([404]));
    const page = await send("GET", "/d/no-such-drop");
    expect([page.status, errorBodySchema.parse(JSON.parse(page.body)).code]).toEqual([429, "RATE_LIMITED"]);
  });
});
