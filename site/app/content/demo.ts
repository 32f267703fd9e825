/** The free demo class's length (docs/product.md#pages, #constants), used by the FAQ, the Free Demo page and its metadata. */
export const demoMinutes = "30–45";
