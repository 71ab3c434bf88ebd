// Stylesheets are imported for their side effect (webpack's css loaders put them
// in the page); TypeScript 6 checks that side-effect imports resolve to a module.
declare module '*.css';
