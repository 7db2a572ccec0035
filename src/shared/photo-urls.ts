// How a stored photo is addressed. A program keeps `/api/photos/{id}` (the print master); the
// builder's preview loads the smaller screen rendition of the same photo.

const PHOTO_URL_PREFIX = "/api/photos/";

export const PHOTO_RENDITIONS = ["print", "screen"] as const;
export type PhotoRendition = (typeof PHOTO_RENDITIONS)[number];

export const photoUrl = (id: string) => `${PHOTO_URL_PREFIX}${encodeURIComponent(id)}`;

/**
 * The photo id in a stored photo address (relative or absolute, with or without a query),
 * or undefined for any other address.
 */
export const photoIdFromUrl = (url: string): string | undefined => {
  try {
    const { pathname } = new URL(url, "http://keepsake.invalid");
    if (!pathname.startsWith(PHOTO_URL_PREFIX)) return undefined;
    const id = decodeURIComponent(pathname.slice(PHOTO_URL_PREFIX.length));
    return id !== "" && !id.includes("/") ? id : undefined;
  } catch {
    // Not a URL, or a malformed %-escape: not one of our photos.
    return undefined;
  }
};

/** The address the preview loads: our photos' screen rendition; any other address unchanged. */
export const screenPhotoUrl = (url: string) => {
  const id = photoIdFromUrl(url);
  return id === undefined ? url : `${photoUrl(id)}?rendition=screen`;
};
