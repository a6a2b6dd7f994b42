// Runtime half of the lazy-CSS rule (see css-split.mjs): a lazy chunk carries its own styles.
// Rules go in through CSSOM into an empty <style>: the page's CSP allows no inline style text
// (only the empty element, by its hash), and CSSOM is not inline style text.
export default function injectCss(rules) {
  const sheet = document.head.appendChild(document.createElement('style')).sheet;
  for (const rule of rules) {
    try {
      sheet.insertRule(rule, sheet.cssRules.length);
    } catch {
      // A rule this engine cannot parse is dropped, as its CSS parser would drop it.
    }
  }
}
