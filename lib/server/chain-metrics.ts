// The mint path's chain calls, timed and their failures counted (lib/metrics.ts), around
// whichever chain the runtime opened: a submit (send until confirmed or refused) and a
// signature's status check. Every other call passes through untouched.
import { ChainTransactionError, type Chain } from "@/lib/chain";
import { metrics } from "@/lib/metrics";

type Call = "send" | "status";

async function timed<T>(call: Call, work: () => Promise<T>): Promise<T> {
  const stop = metrics().chainSeconds.startTimer({ call });
  try {
    return await work();
  } catch (error) {
    metrics().chainErrors.inc({ call, kind: error instanceof ChainTransactionError ? "rejected" : "unavailable" });
    throw error;
  } finally {
    stop();
  }
}

const TIMED: Readonly<Record<string, Call>> = { sendRawTransaction: "send", getSignatureStatus: "status" };

/** The chain with its submits and status checks timed; a proxy, so every other member stays the chain's own. */
export function withChainMetrics(chain: Chain): Chain {
  return new Proxy(chain, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const call = typeof property === "string" ? TIMED[property] : undefined;
      if (!call) return value.bind(target);
      return (...args: unknown[]) => timed(call, () => value.apply(target, args) as Promise<unknown>);
    },
  });
}
