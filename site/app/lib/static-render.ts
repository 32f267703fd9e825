// Build-time HTML (lib/static-html.server.tsx) renders with this flag on: components whose output depends on the
// browser (prices after the country check) then write both states, and components/StaticHtml.tsx picks one.
import { createContext, useContext } from "react";

export const StaticRender = createContext(false);
export const useStaticRender = () => useContext(StaticRender);

/** Marks the markup shown once prices are revealed (a <template>) and the markup it replaces. */
export const priceSlot = { revealed: "data-price", hidden: "data-price-hidden" } as const;

/** The picture placeholder's look, shared by <Img> and the build-time HTML's failure handler. */
export const imgPlaceholderClass = "flex items-center justify-center bg-slate-200 p-4 text-center font-semibold text-slate-700";
