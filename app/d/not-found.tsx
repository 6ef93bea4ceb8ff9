// A /d/… link that names no drop. The drop segment's layout rejects such links (so the answer
// is a real 404), and a segment's own not-found does not catch its layout: this one does.
export { default } from "./[identifier]/not-found";
