// The chain as one request sees it. Some reads reach the chain only sometimes (eligibility
// and wallet-mints read a wallet's holdings only for gated phases), so their budget is spent
// where the chain is actually used: the request's first chain call spends one unit of the
// client IP's chain budget (rate-limit.ts enforceChainBudget), later calls in the same
// request spend nothing more, and a request that never reaches the chain spends none.
import type { Chain } from "@/lib/chain";

export function chainForRequest(chain: Chain, spendBudget: () => Promise<void>): Chain {
  let spent: Promise<void> | undefined;
  const spendOnce = () => (spent ??= spendBudget());
  return new Proxy(chain, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        await spendOnce();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
