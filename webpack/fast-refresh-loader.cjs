// Wraps each application module of the development server's build for React Fast Refresh (see
// fast-refresh-runtime.mjs): runs after ts-loader, whose react-refresh-typescript transform adds
// the $RefreshReg$/$RefreshSig$ calls. Imports are evaluated before the module's own code, so
// `enter` runs just before the body that registers and `leave` just after it.
const runtime = JSON.stringify(require.resolve('./fast-refresh-runtime.mjs'));

module.exports = function fastRefreshLoader(source, map) {
  // Kept on the first line, so that the source map of the lines below stays right.
  const before = `import * as __fastRefresh from ${runtime}; __fastRefresh.enter(__webpack_module__.id); `;
  const after = `\n__fastRefresh.leave(__webpack_module__.exports, __webpack_module__.id, import.meta.webpackHot);\n`;
  this.callback(null, before + source + after, map);
};
