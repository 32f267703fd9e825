// One part's PUT to the URL the API gave (S3's presigned URL in AWS, `academy serve`'s own locally). Not an API call
// (docs/decisions/0021-one-api-client.md): the bytes go to storage, and XMLHttpRequest is used because it reports
// the bytes sent while a part is on its way, which fetch does not. Lecture recordings and assignment files use it.

/** PUTs `body` to `url`; answers the `ETag` header (null when the answer had none). */
export const putPart = (
  url: string,
  body: Blob,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (sentBytes: number) => void },
): Promise<string | null> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => xhr.abort();
    signal.addEventListener("abort", aborted, { once: true });
    const settle = () => signal.removeEventListener("abort", aborted);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.getResponseHeader("ETag"));
      else reject(new Error(`The part was refused (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => (settle(), reject(new Error("The connection was lost.")));
    xhr.onabort = () => (settle(), reject(new DOMException("Aborted", "AbortError")));
    xhr.ontimeout = () => (settle(), reject(new Error("The part took too long.")));
    xhr.open("PUT", url);
    xhr.send(body);
  });
