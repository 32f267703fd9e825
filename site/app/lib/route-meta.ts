// Every pre-rendered route computes its <head> tags in its build-time loader; `meta` just returns them.
import type { MetaDescriptor } from "react-router";

export function metaFromLoader({ loaderData }: { loaderData?: { meta: MetaDescriptor[] } | undefined }): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}

/** Head tags of a route without a loader (client-only shells, 404): a title with the brand, noindex. */
export function shellMeta(title: string, description: string) {
  return ({ matches }: { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] }): MetaDescriptor[] => {
    const root = matches.find((m) => m?.id === "root")?.loaderData as { brand?: { name: string } } | undefined;
    return [
      { title: root?.brand ? `${title} | ${root.brand.name}` : title },
      { name: "description", content: description },
      { name: "robots", content: "noindex, follow" },
    ];
  };
}
