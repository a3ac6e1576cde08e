// Photos from the phone: the photo button (camera or gallery) and shrinking before upload,
// shared by the frame screen (game.js) and the photo hint and re-sync (photohint.js).
import { el } from "./dom.js";

export function photoButton(label, cls, onFile) {
  const wrap = el("label", `button ${cls} photo`);
  const input = document.createElement("input");
  input.type = "file";
  // no `capture`: the phone offers its camera and the gallery both
  input.accept = "image/*";
  input.className = "sr-only";
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (file) onFile(file);
  });
  wrap.append(el("span", "icon-camera"), el("span", null, label), input);
  return wrap;
}

// Phones take 12-50 MP photos; the recogniser works on about 1-2 MP. Shrinking on the
// phone makes the upload quick on home Wi-Fi. The browser applies the EXIF orientation
// when it decodes; anything it cannot decode (e.g. HEIC in Chrome) is sent as it is.
const UPLOAD_LONG_SIDE = 3000;

export async function shrinkPhoto(file) {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = UPLOAD_LONG_SIDE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) { bitmap.close(); return file; }
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise((ok) => canvas.toBlob(ok, "image/jpeg", 0.9));
    return blob || file;
  } catch (e) {
    return file;
  }
}
