/** Grid page sizes (spec document 2, section 9: other grid page sizes 10, 20, 50, 100). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
