// Turns litesvm's transaction errors into a stable code and a short sentence.
// The enum names are copied from litesvm 1.5's internal.d.ts (they are `const enum`s
// there, which isolatedModules cannot read at run time).

const TRANSACTION_ERRORS = [
  "AccountInUse",
  "AccountLoadedTwice",
  "AccountNotFound",
  "ProgramAccountNotFound",
  "InsufficientFundsForFee",
  "InvalidAccountForFee",
  "AlreadyProcessed",
  "BlockhashNotFound",
  "CallChainTooDeep",
  "MissingSignatureForFee",
  "InvalidAccountIndex",
  "SignatureFailure",
  "InvalidProgramForExecution",
  "SanitizeFailure",
  "ClusterMaintenance",
  "AccountBorrowOutstanding",
  "WouldExceedMaxBlockCostLimit",
  "UnsupportedVersion",
  "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit",
  "WouldExceedAccountDataBlockLimit",
  "TooManyAccountLocks",
  "AddressLookupTableNotFound",
  "InvalidAddressLookupTableOwner",
  "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex",
  "InvalidRentPayingAccount",
  "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit",
  "MaxLoadedAccountsDataSizeExceeded",
  "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit",
  "UnbalancedTransaction",
  "ProgramCacheHitMaxLimit",
  "CommitCancelled",
] as const;

const INSTRUCTION_ERRORS = [
  "GenericError",
  "InvalidArgument",
  "InvalidInstructionData",
  "InvalidAccountData",
  "AccountDataTooSmall",
  "InsufficientFunds",
  "IncorrectProgramId",
  "MissingRequiredSignature",
  "AccountAlreadyInitialized",
  "UninitializedAccount",
  "UnbalancedInstruction",
  "ModifiedProgramId",
  "ExternalAccountLamportSpend",
  "ExternalAccountDataModified",
  "ReadonlyLamportChange",
  "ReadonlyDataModified",
  "DuplicateAccountIndex",
  "ExecutableModified",
  "RentEpochModified",
  "NotEnoughAccountKeys",
  "AccountDataSizeChanged",
  "AccountNotExecutable",
  "AccountBorrowFailed",
  "AccountBorrowOutstanding",
  "DuplicateAccountOutOfSync",
  "InvalidError",
  "ExecutableDataModified",
  "ExecutableLamportChange",
  "ExecutableAccountNotRentExempt",
  "UnsupportedProgramId",
  "CallDepth",
  "MissingAccount",
  "ReentrancyNotAllowed",
  "MaxSeedLengthExceeded",
  "InvalidSeeds",
  "InvalidRealloc",
  "ComputationalBudgetExceeded",
  "PrivilegeEscalation",
  "ProgramEnvironmentSetupFailure",
  "ProgramFailedToComplete",
  "ProgramFailedToCompile",
  "Immutable",
  "IncorrectAuthority",
  "AccountNotRentExempt",
  "InvalidAccountOwner",
  "ArithmeticOverflow",
  "UnsupportedSysvar",
  "IllegalOwner",
  "MaxAccountsDataAllocationsExceeded",
  "MaxAccountsExceeded",
  "MaxInstructionTraceLengthExceeded",
  "BuiltinProgramsMustConsumeComputeUnits",
  "BorshIoError",
] as const;

export type DescribedError = { code: string; reason: string };

/** `err` is what FailedTransactionMetadata.err() returns. */
export function describeTransactionError(err: unknown): DescribedError {
  if (typeof err === "number") {
    const code = TRANSACTION_ERRORS[err] ?? `TransactionError${err}`;
    return { code, reason: code };
  }
  const text = String(err);
  const kind = /^TransactionError(\w+)/.exec(text)?.[1];
  const fields = err as { index?: number; accountIndex?: number; err?: () => unknown };
  if (kind === "InstructionError" && typeof fields.err === "function") {
    return {
      code: "InstructionError",
      reason: `instruction ${fields.index} failed: ${describeInstructionError(fields.err())}`,
    };
  }
  if (kind === "InsufficientFundsForRent") {
    return { code: kind, reason: `account ${fields.accountIndex} would not be rent-exempt (InsufficientFundsForRent)` };
  }
  if (kind === "DuplicateInstruction") {
    return { code: kind, reason: `duplicate instruction ${fields.index}` };
  }
  return { code: kind ?? "TransactionError", reason: text };
}

function describeInstructionError(err: unknown): string {
  if (typeof err === "number") return INSTRUCTION_ERRORS[err] ?? `InstructionError${err}`;
  const fields = err as { code?: number; msg?: string };
  if (typeof fields.code === "number") return `custom program error 0x${fields.code.toString(16)}`;
  if (typeof fields.msg === "string") return `BorshIoError: ${fields.msg}`;
  return String(err);
}
