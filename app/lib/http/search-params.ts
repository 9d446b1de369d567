/** Whether two URLs show the same page apart from one query parameter (order of the others aside). */
export function differOnlyIn(param: string, current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete(param);
    params.sort();
    return params.toString();
  };
  return rest(current) === rest(next);
}
