/** Longer queries are refused (the search boxes stop typing there too): no product name needs more. */
export const MAX_QUERY_LENGTH = 100
/** Results on one page of search. */
export const SEARCH_PAGE_SIZE = 12
