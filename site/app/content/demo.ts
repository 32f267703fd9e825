/** The free demo class's length (SPEC §2, §9), used by the FAQ, the Free Demo page and its metadata. */
export const demoMinutes = "30–45";
