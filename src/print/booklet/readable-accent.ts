// Small captions set in a theme's accent colour must stay legible: on paper for elderly readers,
// and on screen for WCAG's 4.5:1. The accent is mixed toward the ink only as far as needed.

const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;

const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = [0, 1, 2].map((i) => {
    const c = channel(hex, i);
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export const contrastRatio = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const mix = (from: string, to: string, t: number) =>
  `#${[0, 1, 2]
    .map((i) =>
      Math.round((channel(from, i) * (1 - t) + channel(to, i) * t) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** The accent, darkened toward `ink` until it reads at `minRatio` on every given background. */
export const readableAccent = (accent: string, ink: string, backgrounds: string[], minRatio = 4.6) => {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(accent, ink, step / 20);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= minRatio)) return candidate;
  }
  return ink;
};
