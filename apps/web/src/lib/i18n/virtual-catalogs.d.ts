// Catalogues compiled at build time by vite-plugin-catalogs.ts.
declare module 'virtual:catalog/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
