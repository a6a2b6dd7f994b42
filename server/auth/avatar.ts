/** Default avatars: small generated SVGs, so a fresh install needs no image files for them. */
export const AVATAR_COUNT = 8;

const HUES = [210, 150, 20, 280, 340, 45, 185, 100];

export function avatarSvg(n: number): string {
  const hue = HUES[(n - 1) % HUES.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="48" fill="hsl(${hue},60%,88%)"/>` +
    `<circle cx="48" cy="38" r="17" fill="hsl(${hue},55%,45%)"/>` +
    `<path d="M16 84c4-18 17-27 32-27s28 9 32 27" fill="hsl(${hue},55%,45%)"/></svg>`
  );
}
