// Answers, from the companion's own host, the request Flet's web client makes for Rive's native runtime
// (`rive_native.js` of @rive-app/flutter-native-wasm, otherwise fetched from a public CDN at every start).
// The companion shows no Rive animation, so the runtime is never needed: this stands in for it and never
// finishes loading, which is exactly how the client behaves when that CDN cannot be reached.
globalThis.RiveNative = function () {
  return new Promise(function () {});
};
