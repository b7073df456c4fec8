import type { ComponentType } from 'react';
import { pagesOf, routes, type RemoteName } from '@portal/contracts';
import { PagePlaceholder } from './page-placeholder.js';

/**
 * Builds a remote's exposed page map: the real pages it has, and a titled placeholder for
 * every other page the route table assigns to it (so every route renders from its owner).
 */
export function definePages(
  remote: RemoteName,
  real: Record<string, ComponentType>,
  buildLabel = '',
): Record<string, ComponentType> {
  const note = buildLabel ? `该页面正在建设中。（${buildLabel}）` : undefined;
  const pages: Record<string, ComponentType> = {};
  for (const page of pagesOf(remote)) {
    const route = routes.find((r) => r.remote === remote && r.page === page)!;
    const Real = real[page];
    // Every page carries its owner's marker, so tests and styles find the area a remote rendered.
    pages[page] = Real
      ? () => (
          <div data-remote={remote} data-page={page} data-build={buildLabel || undefined}>
            <Real />
          </div>
        )
      : () => <PagePlaceholder route={route} note={note} />;
  }
  return pages;
}
