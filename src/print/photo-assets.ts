/** A photo's bytes as the PDF embeds them (the print master). */
export type PhotoAsset = { body: Uint8Array; contentType: string; width: number; height: number };

/**
 * Resolves a photo address used in a program (`/api/photos/{id}`) to its print master, or
 * undefined when it is unknown or not the program owner's. The print pipeline answers the page's
 * image requests from this, so rendering never reaches the network.
 */
export type PhotoLoader = (url: string) => Promise<PhotoAsset | undefined>;
