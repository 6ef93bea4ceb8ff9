// What a created drop's phases are paid in. A plan's phases are priced in SOL (Sugar's
// solPayment, or the extras' dutch and pegged prices): Sugar's tokenPayment and
// token2022Payment are refused while reading the folder (lib/domain/sugar-guards.ts). A plan
// whose pegged price names another token (a hand-edited staged plan) would be charged the
// peg's amount in lamports, so it is refused here, by the rule prepare-mint settles by.
import { AppError } from "@/lib/errors";
import { unsettledReason } from "@/lib/domain/payment-currency";
import type { DropPlan } from "@/lib/schemas/drop-plan";

export function assertPhasesSettle(plan: DropPlan): void {
  for (const phase of plan.phases) {
    const reason = unsettledReason({
      currency: "SOL",
      currencyDecimals: 9,
      currencyMint: null,
      priceModel: phase.priceModel,
      pegConfig: phase.pegConfig,
    });
    if (reason)
      throw new AppError(
        "LAUNCH_REFUSED",
        `Phase "${phase.name}": ${reason} Drops created from a folder are priced in SOL; remove the peg's tokenSymbol and tokenDecimals.`,
      );
  }
}
