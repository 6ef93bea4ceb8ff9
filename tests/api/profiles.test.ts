// Issue 25: a collector signed in with the wallet sets a display name and an avatar, and
// reacts to minted NFTs; the feeds show all three. Real PGlite and PostgreSQL, the embedded
// chain with real keypairs: the avatar is an NFT minted through prepare and execute, then
// transferred away on the chain.
import { Keypair, PublicKey, Transaction } from "@solana/web3.js";
import {
  TOKEN_2022_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REACTIONS_PER_WALLET_PER_MINUTE } from "@/lib/domain/reactions";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { profileResponseSchema, reactionResponseSchema } from "@/lib/schemas/profile";
import { recentlyMintedResponseSchema } from "@/lib/schemas/minted-items";
import { getCollectorPage } from "@/lib/services/collector-page";
import { moderateProfile, recheckAvatars } from "@/lib/services/profile-edit";
import { databaseTargets } from "../helpers/databases";
import { errorBodySchema } from "../helpers/error-body";
import { callJson } from "../helpers/route-caller";
import { TEST_SITE_ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";
import { signedInSite } from "../helpers/wallet-sign-in";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./mint/fixtures";

const PRICE = 10_000_000n;

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`collector profiles and reactions on ${target.name}`, () => {
    let app: TestApp;
    let drop: FixtureDrop;
    let ip = 0;
    const codeOf = (response: { body: unknown }) => errorBodySchema.parse(response.body).code;
    const post = (path: string, headers: Record<string, string>, body: Record<string, unknown>) =>
      callJson("POST", `/api/public${path}`, { headers, body });
    const site = (wallet: Keypair) => signedInSite(wallet, `198.51.100.${++ip}`);
    const setName = (headers: Record<string, string>, wallet: Keypair, displayName: string | null) =>
      post("/profile/display-name", headers, { address: wallet.publicKey.toBase58(), displayName });
    const react = (headers: Record<string, string>, wallet: Keypair, nftId: string, reaction: string, active = true) =>
      post("/reactions", headers, { address: wallet.publicKey.toBase58(), nftId, reaction, active });
    const feed = async () => {
      const response = await callJson("GET", `/api/public/collection/${drop.shortId}/recently-minted?limit=50`, {
        headers: { origin: TEST_SITE_ORIGIN },
      });
      expect(response.status, response.text).toBe(200);
      return recentlyMintedResponseSchema.parse(response.body).nfts;
    };

    /** Mints one NFT of the fixture drop to a new funded wallet through prepare and execute; its mint address and NFT id. */
    const mintedBy = async () => {
      const wallet = await fundedWallet(app);
      const headers = await site(wallet);
      const body = {
        collectionId: drop.collectionId,
        phaseId: drop.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 1,
      };
      const prepared = await callJson("POST", "/api/v1/prepare-mint", { headers, body });
      expect(prepared.status, prepared.text).toBe(200);
      const { sessions, transactions } = preparedMintResponseSchema.parse(prepared.body);
      const executed = await callJson("POST", "/api/v1/execute-mint", {
        headers,
        body: {
          sessionId: sessions[0]!.sessionId,
          signedTransaction: signPrepared(transactions[0]!.transaction, wallet),
        },
      });
      expect(executed.status, executed.text).toBe(200);
      const mint = await app.runtime.database.prisma.mint.findFirstOrThrow({
        where: { walletAddress: wallet.publicKey.toBase58() },
        include: { nft: true },
      });
      return { wallet, headers, mintAddress: mint.nft.mintAddress!, nftId: mint.nftId };
    };

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      drop = await createFixtureDrop(app, { shortId: "profiles", price: PRICE, supply: 20 });
    });
    afterAll(() => app?.close());

    describe("display names", () => {
      it("sets a name that the feeds show, and refuses each rule with its own code", async () => {
        const { wallet, headers } = await mintedBy();
        const set = await setName(headers, wallet, "  Night Owl ");
        expect(set.status, set.text).toBe(200);
        expect(profileResponseSchema.parse(set.body)).toMatchObject({ displayName: "Night Owl" });
        expect((await feed()).find((n) => n.ownerWallet === wallet.publicKey.toBase58())?.minterDisplayName).toBe(
          "Night Owl",
        );

        const cases: Array<[string, string, number]> = [
          ["ab", "PROFILE_NAME_INVALID", 400],
          ["a".repeat(25), "PROFILE_NAME_INVALID", 400],
          ["-edge", "PROFILE_NAME_INVALID", 400],
          ["two  spaces", "PROFILE_NAME_INVALID", 400],
          ["Ωmega", "PROFILE_NAME_INVALID", 400],
          ["Admin", "PROFILE_NAME_RESERVED", 400],
          ["the_DropMint_team", "PROFILE_NAME_RESERVED", 400],
          ["Official.Store", "PROFILE_NAME_RESERVED", 400],
          [Keypair.generate().publicKey.toBase58(), "PROFILE_NAME_IMPERSONATION", 400],
          ["7xKX...gAsU", "PROFILE_NAME_IMPERSONATION", 400],
          ["7xKX…gAsU", "PROFILE_NAME_IMPERSONATION", 400],
          ["PROFILES", "PROFILE_NAME_IMPERSONATION", 400], // the drop's short id
          ["fixture profiles", "PROFILE_NAME_IMPERSONATION", 400], // the drop's name
          ["NIGHT OWL", "PROFILE_NAME_TAKEN", 409],
        ];
        const other = await fundedWallet(app, 0n);
        const otherHeaders = await site(other);
        for (const [name, code, status] of cases) {
          const refused = await setName(otherHeaders, other, name);
          expect([name, refused.status, codeOf(refused)]).toEqual([name, status, code]);
        }
        // The owner may change the case of its own name; removing it frees it for others.
        expect((await setName(headers, wallet, "night owl")).status).toBe(200);
        expect((await setName(headers, wallet, null)).status).toBe(200);
        expect((await setName(otherHeaders, other, "Night Owl")).status).toBe(200);
      });

      it("acts only for a wallet this browser signed in with, and only from the site", async () => {
        const wallet = await fundedWallet(app, 0n);
        const stranger = await site(await fundedWallet(app, 0n));
        const refused = await setName(stranger, wallet, "Not Mine");
        expect([refused.status, codeOf(refused)]).toEqual([401, "WALLET_PROOF_REQUIRED"]);
        const own = await site(wallet);
        const crossSite = await setName({ ...own, origin: "https://evil.example" }, wallet, "Phished");
        expect([crossSite.status, codeOf(crossSite)]).toEqual([401, "API_KEY_REQUIRED"]); // another site is no first party
        const read = await callJson("GET", `/api/public/profiles/${wallet.publicKey.toBase58()}`, {
          headers: { origin: TEST_SITE_ORIGIN },
        });
        expect(profileResponseSchema.parse(read.body).displayName).toBeNull();
      });
    });

    describe("avatars", () => {
      it("sets an avatar from an NFT the wallet holds, and clears it once the NFT is transferred away", async () => {
        const { wallet, headers, mintAddress } = await mintedBy();
        const address = wallet.publicKey.toBase58();
        const set = await post("/profile/avatar", headers, { address, mintAddress });
        expect(set.status, set.text).toBe(200);
        const avatar = profileResponseSchema.parse(set.body);
        expect(avatar.avatarMint).toBe(mintAddress);
        expect(avatar.avatarUrl).toMatch(/^http/);
        expect((await feed()).find((n) => n.ownerWallet === address)?.minterAvatarUrl).toBe(avatar.avatarUrl);

        // Someone else's NFT, and an unknown mint, are refused.
        const other = await fundedWallet(app, 0n);
        const otherHeaders = await site(other);
        const notHeld = await post("/profile/avatar", otherHeaders, {
          address: other.publicKey.toBase58(),
          mintAddress,
        });
        expect([notHeld.status, codeOf(notHeld)]).toEqual([409, "AVATAR_NOT_HELD"]);
        const unknown = await post("/profile/avatar", otherHeaders, {
          address: other.publicKey.toBase58(),
          mintAddress: Keypair.generate().publicKey.toBase58(),
        });
        expect([unknown.status, codeOf(unknown)]).toEqual([404, "NFT_NOT_FOUND"]);

        // The NFT leaves the wallet on the chain: the next read of the profile clears the avatar everywhere.
        await transferNft(app, wallet, other.publicKey, mintAddress);
        const read = await callJson("GET", `/api/public/profiles/${address}`, {
          headers: { origin: TEST_SITE_ORIGIN },
        });
        expect(read.status, read.text).toBe(200);
        expect(profileResponseSchema.parse(read.body)).toMatchObject({ avatarMint: null, avatarUrl: null });
        expect((await feed()).find((n) => n.ownerWallet === address)?.minterAvatarUrl ?? null).toBeNull();
        // The new holder may now use it.
        expect(
          (await post("/profile/avatar", otherHeaders, { address: other.publicKey.toBase58(), mintAddress })).status,
        ).toBe(200);
      });

      it("an avatar chosen before its NFT's reveal shows the art once the reveal comes, with no new edit", async () => {
        const prisma = app.runtime.database.prisma;
        const { wallet, headers, mintAddress } = await mintedBy();
        const address = wallet.publicKey.toBase58();
        const reveal = (data: {
          delayedRevealEnabled: boolean;
          revealedAt: Date | null;
          placeholderImage: string | null;
        }) => prisma.collection.update({ where: { id: drop.collectionId }, data });
        const shownAvatar = async () => {
          const read = await callJson("GET", `/api/public/profiles/${address}`, {
            headers: { origin: TEST_SITE_ORIGIN },
          });
          expect(read.status, read.text).toBe(200);
          const feedAvatar = (await feed()).find((n) => n.ownerWallet === address)?.minterAvatarUrl;
          expect(feedAvatar).toBe(profileResponseSchema.parse(read.body).avatarUrl);
          return feedAvatar;
        };
        await reveal({ delayedRevealEnabled: true, revealedAt: null, placeholderImage: "/art/fixture/hidden.svg" });
        try {
          const set = await post("/profile/avatar", headers, { address, mintAddress });
          expect(set.status, set.text).toBe(200);
          expect(profileResponseSchema.parse(set.body).avatarUrl).toMatch(/\/art\/fixture\/hidden\.svg$/);
          expect(await shownAvatar()).toMatch(/\/art\/fixture\/hidden\.svg$/);
          // The creator's reveal moment passes: the same avatar now shows the NFT's own art.
          await reveal({
            delayedRevealEnabled: true,
            revealedAt: new Date(Date.now() - 1_000),
            placeholderImage: "/art/fixture/hidden.svg",
          });
          const nft = await prisma.nft.findUniqueOrThrow({ where: { mintAddress } });
          expect(await shownAvatar()).toBe(`${app.runtime.config.publicUrl}${nft.previewImageUrl ?? nft.imageUrl}`);
        } finally {
          await reveal({ delayedRevealEnabled: false, revealedAt: null, placeholderImage: null });
        }
      });

      it("the avatar sweep clears an avatar whose NFT left the wallet without anyone reading the profile", async () => {
        const { wallet, headers, mintAddress } = await mintedBy();
        const address = wallet.publicKey.toBase58();
        expect((await post("/profile/avatar", headers, { address, mintAddress })).status).toBe(200);
        expect(await recheckAvatars(app.context())).not.toContain(address);
        await transferNft(app, wallet, Keypair.generate().publicKey, mintAddress);
        // A check for one wallet (its profile read) looks at that wallet only.
        const bystander = Keypair.generate().publicKey.toBase58();
        const prisma = app.runtime.database.prisma;
        await prisma.profile.create({ data: { walletAddress: bystander, avatarMint: mintAddress, avatarUrl: "x" } });
        expect(await recheckAvatars(app.context(), [address])).toEqual([address]);
        expect((await prisma.profile.findUniqueOrThrow({ where: { walletAddress: bystander } })).avatarMint).toBe(
          mintAddress,
        );
        expect(await recheckAvatars(app.context())).toEqual([bystander]);
        const row = await app.runtime.database.prisma.profile.findUniqueOrThrow({ where: { walletAddress: address } });
        expect([row.avatarMint, row.avatarUrl]).toEqual([null, null]);
      });
    });

    describe("the collector's page", () => {
      it("lists what the wallet minted and holds now, and the drops it minted from, with no explorer on the local chain", async () => {
        const { wallet, mintAddress } = await mintedBy();
        const address = wallet.publicKey.toBase58();
        const page = await getCollectorPage(app.context(), address);
        expect(page.minted.map((n) => [n.mintAddress, n.drop.shortId, n.isRevealed, n.explorerUrl])).toEqual([
          [mintAddress, drop.shortId, true, null],
        ]);
        expect(page.held?.map((n) => n.mintAddress)).toEqual([mintAddress]);
        expect(page.drops).toEqual([{ name: "Fixture profiles", shortId: drop.shortId, image: null, mints: 1 }]);
        expect(page.profile).toMatchObject({ address, platformRank: "collector" });

        // Given away: still minted by this wallet, held by the other.
        const friend = Keypair.generate().publicKey;
        await transferNft(app, wallet, friend, mintAddress);
        expect((await getCollectorPage(app.context(), address)).held).toEqual([]);
        const theirs = await getCollectorPage(app.context(), friend.toBase58());
        expect([theirs.minted, theirs.held?.map((n) => n.mintAddress)]).toEqual([[], [mintAddress]]);
      });
    });

    describe("reactions", () => {
      it("counts one of each kind per wallet, idempotently, can be taken back, and shows in the feed", async () => {
        const { nftId } = await mintedBy();
        const fan = await fundedWallet(app, 0n);
        const fanHeaders = await site(fan);
        for (let i = 0; i < 3; i++) expect((await react(fanHeaders, fan, nftId, "🔥")).status).toBe(200);
        const second = await react(fanHeaders, fan, nftId, "💎");
        expect(reactionResponseSchema.parse(second.body)).toMatchObject({ reactions: { "🔥": 1, "💎": 1 } });
        const another = await fundedWallet(app, 0n);
        const both = await react(await site(another), another, nftId, "🔥");
        expect(reactionResponseSchema.parse(both.body)).toMatchObject({
          reactions: { "🔥": 2, "💎": 1 },
          mine: ["🔥"],
        });
        expect((await feed()).find((n) => n.id === nftId)?.reactions).toEqual({ "🔥": 2, "💎": 1 });

        for (let i = 0; i < 2; i++) {
          const back = await react(fanHeaders, fan, nftId, "💎", false);
          expect(reactionResponseSchema.parse(back.body)).toMatchObject({ reactions: { "🔥": 2 }, mine: ["🔥"] });
        }
        expect((await feed()).find((n) => n.id === nftId)?.reactions).toEqual({ "🔥": 2 });

        const unknownKind = await react(fanHeaders, fan, nftId, "💩");
        expect([unknownKind.status, codeOf(unknownKind)]).toEqual([400, "INVALID_REQUEST"]);
        const unminted = await react(fanHeaders, fan, drop.nftIds.at(-1)!, "🔥");
        expect([unminted.status, codeOf(unminted)]).toEqual([404, "NFT_NOT_FOUND"]);
        const stranger = await react(fanHeaders, another, nftId, "✨");
        expect([stranger.status, codeOf(stranger)]).toEqual([401, "WALLET_PROOF_REQUIRED"]);
      });

      it("limits reactions per wallet, whatever network it reacts from", async () => {
        const { nftId } = await mintedBy();
        const fan = await fundedWallet(app, 0n);
        let headers = await site(fan);
        for (let i = 0; i < REACTIONS_PER_WALLET_PER_MINUTE; i++) {
          if (i === REACTIONS_PER_WALLET_PER_MINUTE / 2) headers = await site(fan); // a second device
          expect((await react(headers, fan, nftId, "👀", i % 2 === 0)).status).toBe(200);
        }
        const limited = await react(await site(fan), fan, nftId, "👀");
        expect([limited.status, codeOf(limited)]).toEqual([429, "RATE_LIMITED"]);
        expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      });

      it("refuses a wallet blocked on that drop, and a wallet blocked from profiles", async () => {
        const { nftId } = await mintedBy();
        const blocked = await fundedWallet(app, 0n);
        const headers = await site(blocked);
        await app.runtime.database.prisma.walletBlock.create({
          data: {
            walletAddress: blocked.publicKey.toBase58(),
            collectionId: drop.collectionId,
            reason: "Bot",
            permanent: true,
          },
        });
        const refused = await react(headers, blocked, nftId, "🔥");
        expect([refused.status, codeOf(refused)]).toEqual([403, "WALLET_BLOCKED"]);

        const muted = await fundedWallet(app, 0n);
        const mutedHeaders = await site(muted);
        expect((await setName(mutedHeaders, muted, "Loud Voice")).status).toBe(200);
        await moderateProfile(app.context(), {
          wallet: muted.publicKey.toBase58(),
          moderation: "block",
          reason: "Spam",
        });
        const noName = await setName(mutedHeaders, muted, "Quiet Voice");
        expect([noName.status, codeOf(noName)]).toEqual([403, "PROFILE_BLOCKED"]);
        const noReaction = await react(mutedHeaders, muted, nftId, "🔥");
        expect([noReaction.status, codeOf(noReaction)]).toEqual([403, "PROFILE_BLOCKED"]);
        const read = await callJson("GET", `/api/public/profiles/${muted.publicKey.toBase58()}`, {
          headers: { origin: TEST_SITE_ORIGIN },
        });
        expect(profileResponseSchema.parse(read.body).displayName).toBeNull();
      });
    });
  });
}

/** Moves the NFT to `recipient` on the chain, signed by its holder (a sale or gift elsewhere). */
async function transferNft(app: TestApp, holder: Keypair, recipient: PublicKey, mintAddress: string): Promise<void> {
  const mint = new PublicKey(mintAddress);
  const source = getAssociatedTokenAddressSync(mint, holder.publicKey, false, TOKEN_2022_PROGRAM_ID);
  const destination = getAssociatedTokenAddressSync(mint, recipient, false, TOKEN_2022_PROGRAM_ID);
  const { blockhash } = await app.runtime.chain.getLatestBlockhash();
  const transaction = new Transaction({ feePayer: holder.publicKey, recentBlockhash: blockhash }).add(
    createAssociatedTokenAccountIdempotentInstruction(
      holder.publicKey,
      destination,
      recipient,
      mint,
      TOKEN_2022_PROGRAM_ID,
    ),
    createTransferCheckedInstruction(source, mint, destination, holder.publicKey, 1n, 0, [], TOKEN_2022_PROGRAM_ID),
  );
  transaction.sign(holder);
  await app.runtime.chain.sendRawTransaction(transaction.serialize());
}
