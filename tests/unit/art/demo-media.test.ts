// The demo drops' media route: every showcase drop's card art, and the audio drop's tracks as
// real WAV files (what an <audio> element plays), from the route handler itself.
import { describe, expect, it } from "vitest";
import { GET } from "@/app/art/[collection]/[file]/route";
import { DEMO_TRACK_SECONDS } from "@/lib/art/demo-audio";

const get = (collection: string, file: string) =>
  GET(new Request(`http://site/art/${collection}/${file}`), { params: Promise.resolve({ collection, file }) });

describe("demo media", () => {
  it("serves a tape's track as 8 kHz mono PCM WAV of the advertised length", async () => {
    const response = await get("tapes", "3.wav");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.subarray(8, 16).toString("latin1")).toBe("WAVEfmt ");
    expect(bytes.readUInt16LE(20)).toBe(1); // PCM
    expect(bytes.readUInt32LE(24)).toBe(8_000);
    expect(bytes.readUInt32LE(40)).toBe(8_000 * DEMO_TRACK_SECONDS);
    expect(bytes.length).toBe(44 + 8_000 * DEMO_TRACK_SECONDS);
    // Not silence: the samples move around the 8-bit midpoint.
    const samples = bytes.subarray(44);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(100);
    // Each tape its own tune.
    expect(Buffer.from(await (await get("tapes", "4.wav")).arrayBuffer()).equals(bytes)).toBe(false);
  });

  it("answers 404 for a track that does not exist", async () => {
    for (const [collection, file] of [
      ["tapes", "13.wav"],
      ["tapes", "0.wav"],
      ["relics", "1.wav"],
      ["tapes", "x.wav"],
    ] as const) {
      expect((await get(collection, file)).status, `${collection}/${file}`).toBe(404);
    }
  });

  it("draws every showcase drop's cover, banner and token cards", async () => {
    for (const [collection, last] of [
      ["relics", 40],
      ["letters", 30],
      ["lanterns", 60],
      ["doves", 5],
      ["lastlight", 8],
      ["tapes", 12],
    ] as const) {
      for (const file of ["cover.svg", "banner.svg", "1.svg", `${last}.svg`]) {
        const response = await get(collection, file);
        expect(response.status, `${collection}/${file}`).toBe(200);
        expect(await response.text()).toMatch(/^<svg/);
      }
    }
    expect((await get("letters", "placeholder.svg")).status).toBe(200);
    expect((await get("relics", "41.svg")).status).toBe(404);
  });
});
