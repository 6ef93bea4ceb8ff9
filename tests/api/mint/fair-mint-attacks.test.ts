// Issue 21, a fair mint under attack: only the wallet's owner can hold or end its mint, and
// one caller cannot hold the supply. Each test is an attack that worked while prepare never
// proved that the caller controls the wallet it names. Real PGlite and PostgreSQL, the
// embedded chain, real keypairs signing the sign-in message and the transactions.
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOLD_COOLDOWN_WALLET_HOLDS, HOLD_SHARE_MIN } from "@/lib/domain/hold-share";
import { signInMessageText } from "@/lib/domain/wallet-sign-in";
import { preparedMintResponseSchema, type PreparedMintResponse } from "@/lib/schemas/mint";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { TEST_SITE_ORIGIN, startTestApp, type TestApp } from "../../helpers/test-app";
import { signInCookie, signInFields, signText, signedInSite } from "../../helpers/wallet-sign-in";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./fixtures";

const PRICE = 10_000_000n; // 0.01 SOL
const SUPPLY = 50; // a share of 10 (HOLD_SHARE_PERCENT of 50 is 5, HOLD_SHARE_MIN is 10)
const lamports = (sol: number) => BigInt(Math.round(sol * 1e9)).toString();

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`a fair mint under attack on ${target.name}`, () => {
    let app: TestApp;
    let n = 0;
    const newDrop = (options: { maxPerWallet?: number } = {}) =>
      createFixtureDrop(app, { shortId: `fair-${++n}`, price: PRICE, supply: SUPPLY, ...options });
    const codeOf = (response: { body: unknown }) => errorBodySchema.parse(response.body).code;
    const bodyFor = (drop: FixtureDrop, wallet: Keypair | string, quantity = 1) => ({
      collectionId: drop.collectionId,
      phaseId: drop.phaseId,
      walletAddress: typeof wallet === "string" ? wallet : wallet.publicKey.toBase58(),
      quantity,
    });
    const prepare = (headers: Record<string, string>, body: Record<string, unknown>) =>
      callJson("POST", "/api/v1/prepare-mint", { headers, body });
    const prepared = async (headers: Record<string, string>, body: Record<string, unknown>) => {
      const response = await prepare(headers, body);
      expect(response.status, response.text).toBe(200);
      return preparedMintResponseSchema.parse(response.body);
    };
    const executeAll = async (headers: Record<string, string>, body: PreparedMintResponse, wallet: Keypair) => {
      const transactions = body.sessions.map((s, i) => ({
        sessionId: s.sessionId,
        signedTransaction: signPrepared(body.transactions[i]!.transaction, wallet),
      }));
      const response =
        transactions.length === 1
          ? await callJson("POST", "/api/v1/execute-mint", { headers, body: transactions[0] })
          : await callJson("POST", "/api/v1/execute-mint/batch", { headers, body: { transactions } });
      return response;
    };
    const heldBy = (drop: FixtureDrop, holderKey?: string) =>
      app.runtime.database.prisma.mintSession.count({
        where: { phaseId: drop.phaseId, status: "prepared", expiresAt: { gt: new Date() }, holderKey },
      });

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
    });
    afterAll(() => app?.close());

    describe("only the wallet's owner holds or ends its mint", () => {
      it("refuses a keyless prepare naming a wallet the caller has not signed in with; the victim's own mint lands", async () => {
        const drop = await newDrop();
        const victim = await fundedWallet(app);
        const victimSite = await signedInSite(victim, "198.51.100.1");
        const own = await prepared(victimSite, bodyFor(drop, victim));

        // An attacker with no funds and no key, from another network: with no cookie, and with its own wallet's.
        const attacker = await fundedWallet(app, 0n);
        const bare = { origin: TEST_SITE_ORIGIN, "x-forwarded-for": "192.0.2.66" };
        const withOwnCookie = { ...bare, cookie: await signInCookie(attacker, bare) };
        for (const headers of [bare, withOwnCookie]) {
          const refused = await prepare(headers, bodyFor(drop, victim));
          expect([refused.status, codeOf(refused)]).toEqual([401, "WALLET_PROOF_REQUIRED"]);
        }
        // A cookie copied onto another wallet's name proves nothing either.
        const renamed = await prepare(
          { ...bare, cookie: withOwnCookie.cookie.replace(attacker.publicKey.toBase58(), victim.publicKey.toBase58()) },
          bodyFor(drop, victim),
        );
        expect([renamed.status, codeOf(renamed)]).toEqual([401, "WALLET_PROOF_REQUIRED"]);

        const landed = await executeAll(victimSite, own, victim);
        expect(landed.status, landed.text).toBe(200);
        expect(landed.body).toMatchObject({ success: true, minted: 1 });
      });

      it("a partner key's prepare in the victim's name neither ends the victim's session nor takes its allowance", async () => {
        const drop = await newDrop();
        const attackerKey = await app.createKey({ keyClass: "live", collections: [drop.shortId] });
        const victim = await fundedWallet(app);
        const victimSite = await signedInSite(victim, "198.51.100.2");
        const own = await prepared(victimSite, bodyFor(drop, victim));
        // The attacker's key prepares for the victim while the victim's wallet pop-up is open…
        await prepared({ "x-api-key": attackerKey }, bodyFor(drop, victim));
        // …and the victim's signed transaction still lands.
        const landed = await executeAll(victimSite, own, victim);
        expect(landed.status, landed.text).toBe(200);

        // Before the victim prepares, the attacker's unsigned hold does not use up the wallet's one mint.
        const other = await newDrop({ maxPerWallet: 1 });
        const otherKey = await app.createKey({ keyClass: "live", collections: [other.shortId] });
        const victim2 = await fundedWallet(app);
        await prepared({ "x-api-key": otherKey }, bodyFor(other, victim2));
        const site2 = await signedInSite(victim2, "198.51.100.3");
        const second = await prepared(site2, bodyFor(other, victim2));
        expect(second.totalQuantity).toBe(1);
        expect((await executeAll(site2, second, victim2)).status).toBe(200);
      });

      it("a proven owner's new prepare supersedes its own earlier session, from any network", async () => {
        const drop = await newDrop();
        const wallet = await fundedWallet(app);
        const first = await prepared(await signedInSite(wallet, "198.51.100.4"), bodyFor(drop, wallet));
        const laptop = await signedInSite(wallet, "2001:db8:1:2::5");
        await prepared(laptop, bodyFor(drop, wallet));
        const stale = await executeAll(laptop, first, wallet);
        expect([stale.status, codeOf(stale)]).toEqual([410, "SESSION_SUPERSEDED"]);
      });

      it("refuses a request carrying the sign-in cookie from another site", async () => {
        const drop = await newDrop();
        const victim = await fundedWallet(app);
        const cookie = (await signedInSite(victim, "198.51.100.5")).cookie!;
        // A publishable key registered for the other site, and the victim's browser carrying its cookie.
        const evil = "https://evil.example";
        const pubKey = await app.createKey({ keyClass: "pub", collections: [drop.shortId], origins: [evil] });
        for (const headers of [
          { origin: evil, cookie, "x-api-key": pubKey } as Record<string, string>,
          { origin: evil, cookie },
          { "sec-fetch-site": "cross-site", cookie, "x-api-key": pubKey },
        ]) {
          const refused = await prepare(headers, bodyFor(drop, victim));
          expect([refused.status, codeOf(refused)], JSON.stringify(headers)).toEqual([403, "ORIGIN_NOT_ALLOWED"]);
        }
        expect(await heldBy(drop)).toBe(0);
      });
    });

    describe("sign-in proves the wallet", () => {
      it("refuses a message signed by another key, for another site, or with a used nonce", async () => {
        const wallet = await fundedWallet(app, 0n);
        const other = await fundedWallet(app, 0n);
        const address = wallet.publicKey.toBase58();
        const signIn = (message: string, signature: string) =>
          callJson("POST", "/api/public/wallet-session/sign-in", {
            headers: { origin: TEST_SITE_ORIGIN },
            body: { address, message, signature },
          });
        const message = signInMessageText({ ...(await signInFields()), address });
        const forged = await signIn(message, signText(other, message));
        expect([forged.status, codeOf(forged)]).toEqual([400, "WALLET_SIGN_IN_INVALID"]);
        const elsewhere = message.replace(/^localhost:3000/, "evil.example");
        expect(codeOf(await signIn(elsewhere, signText(wallet, elsewhere)))).toBe("WALLET_SIGN_IN_INVALID");
        const ok = await signIn(message, signText(wallet, message));
        expect(ok.status, ok.text).toBe(200);
        expect(ok.headers.get("set-cookie")).toMatch(new RegExp(`^dm_wallet_${address}=.+HttpOnly; SameSite=Lax`));
        const replayed = await signIn(message, signText(wallet, message));
        expect([replayed.status, codeOf(replayed)]).toEqual([400, "WALLET_SIGN_IN_INVALID"]);

        const cookie = ok.headers.get("set-cookie")!.split(";")[0]!;
        const who = await callJson("GET", "/api/public/wallet-session", {
          headers: { origin: TEST_SITE_ORIGIN, cookie },
        });
        expect(who.body?.wallets).toEqual([{ address, expiresAt: expect.any(String) }]);
        await callJson("POST", "/api/public/wallet-session/sign-out", {
          headers: { origin: TEST_SITE_ORIGIN, cookie },
          body: { address },
        });
        const after = await callJson("GET", "/api/public/wallet-session", {
          headers: { origin: TEST_SITE_ORIGIN, cookie },
        });
        expect(after.body?.wallets).toEqual([]);
      });
    });

    describe("one caller cannot hold the supply", () => {
      it("a partner key naming 10 funded third-party wallets holds at most its share; honest buyers get the rest", async () => {
        const drop = await newDrop();
        const attackerKey = await app.createKey({ keyClass: "live", collections: [drop.shortId] });
        const answers = [];
        for (let i = 0; i < 10; i++)
          answers.push(await prepare({ "x-api-key": attackerKey }, bodyFor(drop, await fundedWallet(app), 10)));
        expect(answers[0]!.status).toBe(200);
        const refused = answers.filter((a) => a.status !== 200);
        expect(refused.length).toBeGreaterThan(0);
        expect(refused.map(codeOf)).toEqual(refused.map(() => "HOLD_LIMIT_REACHED"));
        expect(refused[0]!.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await heldBy(drop)).toBe(HOLD_SHARE_MIN);
        // Every honest buyer still gets an NFT.
        for (let i = 0; i < 4; i++) {
          const buyer = await fundedWallet(app);
          const site = await signedInSite(buyer, `198.51.100.${20 + i}`);
          const body = await prepared(site, bodyFor(drop, buyer, 10));
          expect(body.totalQuantity).toBe(10);
        }
      });

      it("one network signed in with 10 wallets of its own holds at most its share, IPv6 counted by /64", async () => {
        const drop = await newDrop();
        let held = 0;
        for (let i = 0; i < 10; i++) {
          const wallet = await fundedWallet(app);
          const response = await prepare(
            await signedInSite(wallet, `2001:db8:aa:bb::${i + 1}`),
            bodyFor(drop, wallet, 10),
          );
          if (response.status === 200) held += preparedMintResponseSchema.parse(response.body).totalQuantity;
          else expect(codeOf(response)).toBe("HOLD_LIMIT_REACHED");
        }
        expect(held).toBe(HOLD_SHARE_MIN);
        expect(await heldBy(drop, "ip:2001:db8:aa:bb::/64")).toBe(HOLD_SHARE_MIN);
      });

      it("re-preparing cannot roll a hold forever: a wallet whose holds keep ending unsigned cools down", async () => {
        const drop = await newDrop();
        const wallet = await fundedWallet(app);
        let site = await signedInSite(wallet, "198.51.100.40");
        for (let i = 0; i < HOLD_COOLDOWN_WALLET_HOLDS; i++) await prepared(site, bodyFor(drop, wallet));
        // Each new prepare superseded the last, unsigned: the next one (one more ended hold) is refused…
        await prepared(site, bodyFor(drop, wallet));
        const cooled = await prepare(site, bodyFor(drop, wallet));
        expect([cooled.status, codeOf(cooled)]).toEqual([429, "HOLD_COOLDOWN"]);
        expect(Number(cooled.headers.get("retry-after"))).toBeGreaterThan(60);
        // …and signing in again, from another network, does not reset it.
        site = await signedInSite(wallet, "198.51.100.41");
        expect(codeOf(await prepare(site, bodyFor(drop, wallet)))).toBe("HOLD_COOLDOWN");
        // A stranger's expired holds in the wallet's name never cool the wallet down.
        const other = await newDrop();
        const strangerKey = await app.createKey({ keyClass: "live", collections: [other.shortId] });
        const victim = await fundedWallet(app);
        for (let i = 0; i <= HOLD_COOLDOWN_WALLET_HOLDS; i++)
          await prepared({ "x-api-key": strangerKey }, bodyFor(other, victim));
        const victimSite = await signedInSite(victim, "198.51.100.42");
        expect((await prepare(victimSite, bodyFor(other, victim))).status).toBe(200);
      });
    });

    describe("held supply is demand", () => {
      it("a dutch price does not decay while its supply is held, and decays again once the hold ends", async () => {
        const drop = await newDrop();
        const prisma = app.runtime.database.prisma;
        await prisma.phase.update({
          where: { id: drop.phaseId },
          data: {
            priceModel: "dutch",
            startDate: new Date(Date.now() - 25 * 60_000),
            dutchConfig: {
              basePrice: lamports(0.5),
              floorPrice: lamports(0.1),
              ceilingPrice: lamports(1),
              decayAmount: lamports(0.05),
              decayIntervalMinutes: 10,
              surgePremium: lamports(0.2),
              surgeThreshold: 50,
              surgeWindowMinutes: 10,
            },
          },
        });
        const allKey = await app.createKey({ keyClass: "live", collections: "all" });
        const price = async () =>
          (await callJson("GET", `/api/v1/phases/${drop.phaseId}/dutch-price`, { headers: { "x-api-key": allKey } }))
            .body?.price;
        expect(await price()).toBe(0.4); // two intervals of decay, nothing held
        const held = await prepared({ "x-api-key": allKey }, bodyFor(drop, await fundedWallet(app), 5));
        expect(await price()).toBe(0.5); // held now: the decay clock stands at this instant
        // The hold ended, unsigned, 20 minutes ago: two intervals of decay since.
        await prisma.mintSession.updateMany({
          where: { id: { in: held.sessions.map((s) => s.sessionId) } },
          data: { expiresAt: new Date(Date.now() - 20 * 60_000), createdAt: new Date(Date.now() - 21 * 60_000) },
        });
        expect(await price()).toBe(0.4);
      });
    });
  });
}
