// Stylesheets mean nothing to jsdom; imports of them resolve here in tests.
export default {};
