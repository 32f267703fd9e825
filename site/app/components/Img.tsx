// Every picture on the site: explicit size (no layout shift), lazy unless it is the page's hero, and a
// placeholder carrying the title when the file fails to load (docs/product.md#api).
import { useEffect, useRef, useState } from "react";
import { cx } from "../lib/cx";
import { imgPlaceholderClass } from "../lib/static-render";

export interface ImgProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Shown on the placeholder if the image fails; defaults to the alt text. */
  title?: string;
  /** The LCP image: loaded eagerly with high fetch priority. */
  priority?: boolean;
  className?: string;
}

export function Img({ src, alt, width, height, title, priority = false, className }: ImgProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration never fires onError for React: check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed) {
    const label = title ?? alt;
    return (
      <span
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-testid="img-placeholder"
        className={cx(imgPlaceholderClass, className)}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        {label}
      </span>
    );
  }

  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      onError={() => setFailed(true)}
      data-title={title}
      className={className}
    />
  );
}
