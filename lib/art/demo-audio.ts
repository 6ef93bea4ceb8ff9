// The demo audio drop's tracks (/art/tapes/<n>.wav), synthesized on request: a few seconds of
// a pentatonic arpeggio per token, as 8 kHz 8-bit mono PCM WAV (about 32 KB), so the demo
// needs no audio files in the repository and plays offline.
const SAMPLE_RATE = 8_000;
const SECONDS = 4;
const PENTATONIC = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33, 659.25];

export const DEMO_TRACK_SECONDS = SECONDS;

/** The WAV bytes of a demo track, or null when there is no such track. */
export function renderDemoAudio(collection: string, file: string, tracks: number): Uint8Array | null {
  const match = /^(\d{1,3})\.wav$/.exec(file);
  if (collection !== "tapes" || !match) return null;
  const track = Number(match[1]);
  if (track < 1 || track > tracks) return null;
  const notes = Array.from(
    { length: 8 },
    (_, i) => PENTATONIC[(track * 3 + i * (track % 3 === 0 ? 2 : 3)) % PENTATONIC.length]!,
  );
  const samples = new Uint8Array(SAMPLE_RATE * SECONDS);
  const perNote = samples.length / notes.length;
  for (let i = 0; i < samples.length; i++) {
    const note = Math.floor(i / perNote);
    const t = i / SAMPLE_RATE;
    const within = (i % perNote) / perNote;
    const envelope = Math.min(1, within * 20) * (1 - within) ** 1.5; // a soft pluck
    const value = Math.sin(2 * Math.PI * notes[note]! * t) * 0.8 + Math.sin(4 * Math.PI * notes[note]! * t) * 0.2;
    samples[i] = Math.round(128 + 100 * envelope * value);
  }
  return wav(samples);
}

/** A RIFF/WAVE file around 8-bit mono PCM samples. */
function wav(samples: Uint8Array): Uint8Array {
  const header = new DataView(new ArrayBuffer(44));
  const text = (offset: number, value: string) =>
    [...value].forEach((c, i) => header.setUint8(offset + i, c.charCodeAt(0)));
  text(0, "RIFF");
  header.setUint32(4, 36 + samples.length, true);
  text(8, "WAVE");
  text(12, "fmt ");
  header.setUint32(16, 16, true); // fmt chunk size
  header.setUint16(20, 1, true); // PCM
  header.setUint16(22, 1, true); // mono
  header.setUint32(24, SAMPLE_RATE, true);
  header.setUint32(28, SAMPLE_RATE, true); // byte rate
  header.setUint16(32, 1, true); // block align
  header.setUint16(34, 8, true); // bits per sample
  text(36, "data");
  header.setUint32(40, samples.length, true);
  const file = new Uint8Array(44 + samples.length);
  file.set(new Uint8Array(header.buffer), 0);
  file.set(samples, 44);
  return file;
}
