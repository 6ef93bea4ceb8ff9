// Sugar's animation files (N.mp4, .mov, .webm, .glb, .mp3): the player each one gets, and the
// site's own media paths, which pages play from the page's own origin.
import { describe, expect, it } from "vitest";
import { animationKindOf, mediaContentTypeOf, sameOriginMediaPath } from "@/lib/domain/animation-formats";

const HASH = "a".repeat(64);

describe("animation formats", () => {
  it("names the player by extension, in any letter case, and nothing for other files", () => {
    expect(animationKindOf(`/media/reels/${HASH}.mp4`)).toBe("video");
    expect(animationKindOf("https://cdn.example/x/1.MOV?v=2")).toBe("video");
    expect(animationKindOf("1.webm")).toBe("video");
    expect(animationKindOf("1.mp3")).toBe("audio");
    expect(animationKindOf("1.glb")).toBe("model");
    for (const other of ["1.gltf", "1.html", "1.wav", "1.png", "mp4"]) expect(animationKindOf(other)).toBeNull();
  });

  it("gives the content type of stored images and animations", () => {
    expect(mediaContentTypeOf(`/media/reels/${HASH}.mov`)).toBe("video/quicktime");
    expect(mediaContentTypeOf(`/media/reels/${HASH}.glb`)).toBe("model/gltf-binary");
    expect(mediaContentTypeOf(`/media/reels/${HASH}.png`)).toBe("image/png");
  });

  it("turns the site's media URLs into site-relative paths, whatever host they name, and nothing else", () => {
    expect(sameOriginMediaPath(`http://localhost:3000/media/reels/${HASH}.mp4`)).toBe(`/media/reels/${HASH}.mp4`);
    expect(sameOriginMediaPath(`/media/reels/${HASH}.webm`)).toBe(`/media/reels/${HASH}.webm`);
    for (const other of [
      null,
      "",
      `https://cdn.example/other/reels/${HASH}.mp4`,
      `/media/reels/../${HASH}.mp4`,
      `javascript:alert(1)//media/reels/${HASH}.mp4`,
      `//evil.example/media/reels/${HASH}.mp4`,
    ])
      expect(sameOriginMediaPath(other)).toBeNull();
  });
});
