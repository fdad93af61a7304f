// What the production build of prop-types does, without its shims: React 19 reads no propTypes, and
// the one library here that uses the package (react-tabs) only calls checkPropTypes.
export function checkPropTypes() {}
export default { checkPropTypes };
