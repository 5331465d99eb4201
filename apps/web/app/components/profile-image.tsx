import images from "virtual:profile-images";

export type ProfileImageUse = "logo" | "team" | "carrier";

/**
 * An image from the agency profile's folder (the agency logo, a team member's photo, a
 * carrier's logo), as the build processed it (apps/web/profile-images.ts): AVIF and WebP
 * sources with a JPEG or PNG fallback (an SVG as it is), sized for where `use` shows it. The
 * width and height keep its place before it loads; it loads lazily unless `eager` (above the
 * fold). `className` goes on the <img>.
 */
export function ProfileImage({
  file,
  use,
  alt,
  className,
  eager = false,
}: {
  file: string;
  use: ProfileImageUse;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const image = images[use][file];
  if (!image) {
    throw new Error(`ProfileImage: "${file}" is not a ${use} image of the agency profile`);
  }
  // `contents`: the <img> is the box the caller's classes lay out (a flex item, say).
  return (
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={image.sizes} />
      ))}
      <img
        src={image.fallback.src}
        srcSet={image.fallback.srcset}
        sizes={image.sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager ? "eager" : "lazy"}
        decoding={eager ? undefined : "async"}
        className={className}
      />
    </picture>
  );
}
