// Stylesheets imported by the apps are bundled by esbuild into dist/webview/*.css.
declare module '*.css';
