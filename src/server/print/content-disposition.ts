/** Header-safe attachment name with the UTF-8 form for browsers that read it. */
const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** A file the browser saves as `fileName`; never cached, as it is the user's own. */
export const fileDownload = (
  body: Uint8Array | ReadableStream<Uint8Array>,
  contentType: string,
  fileName: string,
) =>
  new Response(body as Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, {
    headers: {
      "content-type": contentType,
      "content-disposition": contentDisposition(fileName),
      "cache-control": "private, no-store",
    },
  });
