// Runtime half of the lazy-CSS rule (see css-split.mjs): a lazy chunk carries its own styles.
export default function injectCss(css) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
}
