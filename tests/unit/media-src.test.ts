// Pages load the site's own media by same-origin path (issue 24): a page opened at 127.0.0.1
// or a LAN address, while PUBLIC_URL says localhost, must not ask localhost (CSP 'self').
import { describe, expect, it } from "vitest";
import { sameOriginSrc } from "@/lib/domain/media-src";

describe("sameOriginSrc", () => {
  const site = "http://localhost:3000";

  it("writes the site's own media as a path, query and fragment kept", () => {
    expect(sameOriginSrc("http://localhost:3000/art/aurora/cover.svg", site)).toBe("/art/aurora/cover.svg");
    expect(sameOriginSrc("http://localhost:3000/media/a.mp3?v=2#t=3", site)).toBe("/media/a.mp3?v=2#t=3");
    expect(sameOriginSrc("/art/x.svg", site)).toBe("/art/x.svg");
  });

  it("keeps a path prefix of the public URL, and leaves other origins alone", () => {
    expect(sameOriginSrc("https://example.com/drops/art/x.svg", "https://example.com/drops")).toBe("/drops/art/x.svg");
    expect(sameOriginSrc("https://arweave.net/abc", site)).toBe("https://arweave.net/abc");
    expect(sameOriginSrc("http://localhost:4000/art/x.svg", site)).toBe("http://localhost:4000/art/x.svg");
    expect(sameOriginSrc("data:image/png;base64,AAAA", site)).toBe("data:image/png;base64,AAAA");
  });

  it("gives null for no URL", () => {
    expect(sameOriginSrc(null, site)).toBeNull();
    expect(sameOriginSrc("", site)).toBeNull();
  });
});
