import { useEffect } from "react";

/** The meta tag named `name` in the document's head, made when the page has none. */
function metaNamed(name: string): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = name;
    document.head.append(meta);
  }
  return meta;
}

/**
 * A page's title and description for the tab and for sharing, and its Atom feed as an alternate
 * link, while the page is shown; the site's own title and description come back on leaving, as
 * the back office's layout does with the tab's title.
 */
export function usePageHead(head: {
  title?: string | undefined;
  description?: string | undefined;
  feed?: string;
}) {
  const { title, description, feed } = head;
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);

  useEffect(() => {
    if (!description) return;
    const meta = metaNamed("description");
    const before = meta.content;
    meta.content = description;
    return () => {
      meta.content = before;
    };
  }, [description]);

  useEffect(() => {
    if (!feed) return;
    const link = document.createElement("link");
    link.rel = "alternate";
    link.type = "application/atom+xml";
    link.href = feed;
    document.head.append(link);
    return () => link.remove();
  }, [feed]);
}
