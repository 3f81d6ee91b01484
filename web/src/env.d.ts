/** The version in package.json, put in by the build (web/vite.config.ts): the server that serves this build is that version. */
declare const __MONETA_VERSION__: string;
