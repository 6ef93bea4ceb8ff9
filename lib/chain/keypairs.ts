// Server keypairs from configuration or from the local data folder. Error messages name
// the setting and say what is wrong, but never include the value: it is a secret.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import bs58 from "bs58";
import { Keypair } from "@solana/web3.js";
import { createFileExclusiveSync } from "@/lib/fs/atomic-file";
import type { ChainCluster } from "./types";

const SECRET_KEY_BYTES = 64;

export class KeypairFormatError extends Error {
  override name = "KeypairFormatError";
}

/**
 * Reads a keypair from a base58 secret key (wallet export format) or a JSON array of
 * 64 bytes (Solana CLI keypair file format). `label` names the source in errors.
 */
export function keypairFromSecret(value: string, label = "the secret key"): Keypair {
  const text = value.trim();
  const expected = "expected a base58 secret key or a JSON array of 64 bytes";
  let bytes: Uint8Array;
  if (text.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new KeypairFormatError(`${label} is not valid JSON (${expected}).`);
    }
    if (!Array.isArray(parsed) || !parsed.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)) {
      throw new KeypairFormatError(`${label} must be a JSON array of byte values 0-255 (${expected}).`);
    }
    bytes = Uint8Array.from(parsed as number[]);
  } else {
    try {
      bytes = bs58.decode(text);
    } catch {
      throw new KeypairFormatError(`${label} is not valid base58 (${expected}).`);
    }
  }
  if (bytes.length !== SECRET_KEY_BYTES) {
    throw new KeypairFormatError(`${label} has ${bytes.length} bytes, ${expected}.`);
  }
  try {
    return Keypair.fromSecretKey(bytes);
  } catch {
    throw new KeypairFormatError(
      `${label} is not a valid ed25519 keypair (its public half does not match its secret half).`,
    );
  }
}

/**
 * The local development keypair stored at `filePath`, generated on first use (JSON byte
 * array, file mode 0600, created atomically so two starting processes agree on one key).
 * Localnet only: on real clusters keys come from configuration, never from a generator.
 */
export function loadOrCreateLocalKeypair(filePath: string, cluster: ChainCluster): Keypair {
  if (cluster !== "localnet") {
    throw new KeypairFormatError(
      `Keypairs are generated on localnet only; on ${cluster} configure the key explicitly.`,
    );
  }
  const existing = readKeypairFile(filePath);
  if (existing) return existing;
  mkdirSync(path.dirname(filePath), { recursive: true, mode: 0o700 });
  const generated = Keypair.generate();
  const content = new TextEncoder().encode(JSON.stringify(Array.from(generated.secretKey)));
  if (createFileExclusiveSync(filePath, content, 0o600)) return generated;
  // Another process created it first: use theirs.
  const theirs = readKeypairFile(filePath);
  if (!theirs) throw new Error(`The keypair file ${filePath} vanished while it was being created.`);
  return theirs;
}

/**
 * The local secret kept at `filePath` (hex), written on first use with `initial()` (mode
 * 0600, atomically, so two starting processes agree on one). Localnet only, like the keypairs.
 */
export function loadOrCreateLocalSecret(
  filePath: string,
  cluster: ChainCluster,
  initial: () => Uint8Array,
): Uint8Array {
  if (cluster !== "localnet")
    throw new KeypairFormatError(`Secrets are generated on localnet only; on ${cluster} configure it explicitly.`);
  const existing = readSecretFile(filePath);
  if (existing) return existing;
  mkdirSync(path.dirname(filePath), { recursive: true, mode: 0o700 });
  const secret = initial();
  if (createFileExclusiveSync(filePath, new TextEncoder().encode(Buffer.from(secret).toString("hex")), 0o600))
    return secret;
  const theirs = readSecretFile(filePath);
  if (!theirs) throw new Error(`The secret file ${filePath} vanished while it was being created.`);
  return theirs;
}

function readSecretFile(filePath: string): Uint8Array | null {
  try {
    return new Uint8Array(Buffer.from(readFileSync(filePath, "utf8").trim(), "hex"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function readKeypairFile(filePath: string): Keypair | null {
  let content: string;
  try {
    content = readFileSync(filePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  return keypairFromSecret(content, `The keypair file ${filePath}`);
}
