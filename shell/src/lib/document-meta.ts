import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from '@portal/contracts';

/** Sets the page title and meta description, falling back to the product defaults. */
export function setDocumentMeta(title?: string, description?: string): void {
  document.title = title || DEFAULT_TITLE;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = description || DEFAULT_DESCRIPTION;
}
