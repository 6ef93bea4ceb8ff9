// Docs: launching a drop from a Metaplex Sugar folder (`npm run drop`). The guard tables are
// rendered from lib/domain/sugar-guards.ts and the dropmint.json schema from its zod schema,
// so this page always says what the command does.
import { z } from "zod";
import { CREATOR_CLAIM_CODE_MAX_LENGTH, CREATOR_CLAIM_CODE_MIN_LENGTH } from "@/lib/domain/claim-code-format";
import { NOTED_GUARDS, REFUSED_GUARDS, SUPPORTED_GUARDS } from "@/lib/domain/sugar-guards";
import {
  dropmintExtrasSchema,
  MAX_CREATORS,
  MAX_GROUP_LABEL_BYTES,
  MAX_SYMBOL_BYTES,
} from "@/lib/schemas/sugar-folder";
import { ASSETS_HASH_LENGTH } from "@/lib/domain/assets-hash";
import { ANIMATION_FORMATS, MAX_ANIMATION_BYTES, REFUSED_MEDIA } from "@/lib/domain/animation-formats";
import { MEDIA_CACHE_CONTROL } from "@/lib/media/media-store";
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, VARIANT_WIDTH } from "@/lib/media/image-limits";

const CONFIG_KEYS: Array<[string, string]> = [
  ["number", "How many assets: assets/0 … number−1 must all be there, as pairs."],
  ["symbol", `The collection's and every NFT's symbol (at most ${MAX_SYMBOL_BYTES} bytes), written on chain.`],
  [
    "sellerFeeBasisPoints, creators",
    `The royalties and creators every NFT's metadata states (shares add up to 100; at most ${MAX_CREATORS} creators; a creator listed twice is refused, as Token Metadata refuses it). The first creator is the treasury when no phase has solPayment.`,
  ],
  [
    "isSequential",
    "false (Sugar's default: a random order) becomes a provably fair drop: NFTs go out in a committed secret shuffle. true hands them out in token order.",
  ],
  [
    "hiddenSettings",
    "A delayed reveal: NFTs show a placeholder (dropmint.json reveal.placeholder, else the collection image) under the name “<collection> (unrevealed)” until reveal.at. Its hash must equal the assets hash that validate prints (see below); create or update with --fill-hash writes it in, as Sugar fills its hash at deploy (only that value of the file changes, and the check runs again). The drop is also provably fair.",
  ],
  [
    "guards",
    'Phases: see the tables below. null or missing (what sugar launch and the guide write) is refused: on Candy Guard such a machine mints only to its authority, so it never becomes a public phase here; the refusal gives the smallest guard block to add. An empty default set ({ "default": {} }) is a free mint open at once, as on Candy Guard.',
  ],
  [
    "tokenStandard",
    "nft only: Dropmint mints Token-2022 NFTs with their metadata on the mint, where programmable NFTs (pnft) and rule sets do not exist.",
  ],
  [
    "isMutable, uploadMethod, awsConfig, pinataConfig, sdriveApiKey, nftStorageAuthToken, shdwStorageAccount, ruleSet, maxEditionSupply",
    "Read and not used: Dropmint stores the media itself and keeps the metadata it serves.",
  ],
];

export function CreatorsSection() {
  const extrasSchema = JSON.stringify(z.toJSONSchema(dropmintExtrasSchema, { io: "input" }), null, 2);
  return (
    <section id="creators" className="space-y-4">
      <h2 className="text-2xl font-semibold">Launching a drop from a Sugar folder</h2>
      <p>
        A creator with a Metaplex Sugar project launches it here with one command, against the site&apos;s configured
        database and chain, whether the site runs or not (while it holds the embedded database or chain, the command
        goes through it):
      </p>
      <pre className="overflow-x-auto rounded bg-white/5 p-3 text-xs">
        {`npm run drop -- validate <folder>   # checks everything, writes nothing
npm run drop -- create <folder>     # stores the media, creates the drop; prints /d/<shortId>
npm run drop -- update <folder>     # applies the folder's changes (see the rules below)
npm run drop -- show <folder|shortId>`}
      </pre>
      <p>
        The folder is Sugar&apos;s: <code>config.json</code>, <code>assets/</code> with <code>0.json</code> +{" "}
        <code>0.png</code> … and <code>collection.json</code> + <code>collection.png</code> (token-metadata JSON: name,
        description, image, attributes), an optional <code>dropmint.json</code>, and the wallet files allowList guards
        name. Sugar pairs <code>N.json</code> with <code>N.&lt;ext&gt;</code> by file name and writes the uploaded link
        over <code>image</code>; Dropmint does the same, so HashLips&apos; <code>&quot;image.png&quot;</code> or{" "}
        <code>ipfs://NewUriToReplace/N.png</code> are fine. Attributes keep their extra keys (display_type). A symbolic
        link anywhere in the folder is refused, never followed. <code>validate</code> names every problem with its file
        and JSON path (a wrong type says what was found and what was expected; a JSON syntax error gives its line and
        column, and names a trailing comma), all in one run, and never quotes a file&apos;s contents; a refused folder
        leaves nothing behind.
      </p>

      <h3 className="text-lg font-semibold">config.json</h3>
      <table className="w-full text-left text-sm">
        <tbody>
          {CONFIG_KEYS.map(([key, meaning]) => (
            <tr key={key} className="border-t border-white/10 align-top">
              <td className="py-1 pr-3">
                <code>{key}</code>
              </td>
              <td className="py-1">{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3 className="text-lg font-semibold">Guards become phases</h3>
      <p>
        Each group of <code>guards.groups</code> is a phase named by its label (dropmint.json may give it another name),
        with the <code>guards.default</code> guards merged in (a guard in both is the group&apos;s); without groups, the
        default guards are the one phase. Dates read as <code>{`2025-06-01T18:00:00Z`}</code> or Sugar&apos;s{" "}
        <code>{`2025-06-01 18:00:00 +0000`}</code>; a date without a zone is refused (Sugar reads it in the local time
        of whatever machine runs it), and the refusal prints it with its UTC offset to copy if UTC was meant. SOL values
        are exact ({`0.3 SOL is 300,000,000 lamports`}). A group label is at most {MAX_GROUP_LABEL_BYTES} characters, as
        Candy Guard requires. A solPayment destination of the System Program (the guides&apos; placeholder) is accepted
        with a printed warning.
      </p>
      <table className="w-full text-left text-sm" data-testid="supported-guards">
        <thead>
          <tr>
            <th className="py-1 pr-3">Honoured guard</th>
            <th className="py-1">Becomes</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(SUPPORTED_GUARDS).map(([name, meaning]) => (
            <tr key={name} className="border-t border-white/10 align-top">
              <td className="py-1 pr-3">
                <code>{name}</code>
              </td>
              <td className="py-1">{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-left text-sm" data-testid="refused-guards">
        <thead>
          <tr>
            <th className="py-1 pr-3">Refused guard</th>
            <th className="py-1">Why</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(REFUSED_GUARDS).map(([name, reason]) => (
            <tr key={name} className="border-t border-white/10 align-top">
              <td className="py-1 pr-3">
                <code>{name}</code>
              </td>
              <td className="py-1">{reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-left text-sm" data-testid="noted-guards">
        <thead>
          <tr>
            <th className="py-1 pr-3">Kept, with a note</th>
            <th className="py-1">Why it has no effect</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(NOTED_GUARDS).map(([name, reason]) => (
            <tr key={name} className="border-t border-white/10 align-top">
              <td className="py-1 pr-3">
                <code>{name}</code>
              </td>
              <td className="py-1">{reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        A config using a refused guard, or any other name (Core Candy Machine&apos;s asset guards, a typo), is refused
        by name: no guard is ever dropped in silence. Two access guards in one group (allowList, addressGate, tokenGate,
        nftGate) are refused too, since Candy Guard requires all of them where Dropmint admits a wallet meeting any one.
      </p>

      <h3 className="text-lg font-semibold">The assets hash (hiddenSettings.hash)</h3>
      <p>
        Sugar hashes its upload cache; Dropmint has none, so it commits to the files themselves: line <em>i</em> is{" "}
        <code>&quot;&lt;i&gt;:&lt;SHA-256 hex of i.json&gt;:&lt;SHA-256 hex of i&apos;s image&gt;\n&quot;</code> (with{" "}
        <code>:&lt;SHA-256 hex of i&apos;s animation&gt;</code> before the newline when it has one), and the hash is the
        first {ASSETS_HASH_LENGTH} characters of the base58 SHA-256 of all lines. <code>validate</code> prints it. The
        drop shows it as <code>fairness.assetsHash</code> beside the fair-order commitment.
      </p>

      <h3 className="text-lg font-semibold">Media</h3>
      <p>
        Images (PNG, JPEG, GIF, WebP; SVG refused; at most {MAX_IMAGE_BYTES / 1048576} MB and {MAX_IMAGE_SIDE} pixels a
        side) must decode in full and match their extension. Each gets a web-sized WebP variant at most {VARIANT_WIDTH}{" "}
        pixels wide for cards and galleries; an animated GIF or WebP keeps all its frames there. They are stored under{" "}
        <code>DATA_DIR/media</code> and served at <code>/media/&lt;shortId&gt;/&lt;sha256&gt;.&lt;ext&gt;</code> with{" "}
        <code>Cache-Control: {MEDIA_CACHE_CONTROL}</code>, or in an S3-compatible bucket when{" "}
        <code>MEDIA_S3_BUCKET</code> is set (with <code>MEDIA_S3_PUBLIC_URL</code>, and <code>MEDIA_S3_ENDPOINT</code>{" "}
        for a bucket not on AWS).
      </p>
      <p data-testid="animation-formats">
        Animations, as Sugar pairs them:{" "}
        {Object.keys(ANIMATION_FORMATS)
          .map((ext) => `N.${ext}`)
          .join(", ")}{" "}
        beside <code>N.json</code> and <code>N.png</code> (at most {MAX_ANIMATION_BYTES / 1048576} MB, and the file must
        be the format its extension names). The file is stored beside the images and linked as the NFT&apos;s{" "}
        <code>animation_url</code> (and in <code>properties.files</code>, with <code>properties.category</code>),
        whatever <code>animation_url</code> said in the JSON; an asset without a file keeps an <code>https://</code>{" "}
        link it names. The image stays the poster. Pages play videos muted and looping, give audio a player, and link a
        model&apos;s <code>.glb</code>. The site serves them with byte ranges (partial content, <code>If-Range</code>),
        so players seek without downloading the whole file.{" "}
        {Object.keys(REFUSED_MEDIA)
          .map((ext) => `.${ext}`)
          .join(", ")}{" "}
        files are refused, as Sugar never uploads them: {REFUSED_MEDIA.gltf}; {REFUSED_MEDIA.html}.
      </p>

      <h3 className="text-lg font-semibold">update, and an interrupted create</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Before the first mint, update changes anything but the name and symbol (the collection was created on chain
          with them).
        </li>
        <li>
          Once an NFT is minted, it refuses — naming each reason and changing nothing — changes to the assets (art,
          names, traits, their number), royalties and creators, the hidden settings&apos; hash, the fair order, claim
          codes and bounties, a phase that sold (removed, relabelled, or a supply under its sales). Prices, windows,
          limits, gates, the description, images of the page and the reveal moment still change.
        </li>
        <li>
          An interrupted create (Ctrl-C, kill -9) resumes when run again: media already stored are found by their hash,
          the collection is found at the address derived from the short ID (never paid for twice), and the drop is
          written in one transaction.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">dropmint.json</h3>
      <p>
        Optional, beside config.json: what Sugar has no words for — the short ID, banner, socials, the treasury when no
        phase pays one, the reveal, per-phase extras by group label (name, buy-N-get-M, max per transaction, a dutch or
        pegged price in place of solPayment&apos;s), claim-code batches and bounties. Unknown keys are refused. A claim
        code is {CREATOR_CLAIM_CODE_MIN_LENGTH} to {CREATOR_CLAIM_CODE_MAX_LENGTH} letters, digits or dashes: long
        enough that no number of addresses can guess one (checks are budgeted per client, not per drop). Its JSON
        Schema:
      </p>
      <pre className="max-h-96 overflow-auto rounded bg-white/5 p-3 text-xs" data-testid="dropmint-json-schema">
        {extrasSchema}
      </pre>
    </section>
  );
}
