/** The Kubernetes Connections screen's page sizes (spec document 3, 2.9). */
export const CONNECTION_PAGE_SIZES = [20, 50, 100] as const;
