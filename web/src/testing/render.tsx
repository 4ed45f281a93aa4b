import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/** Renders UI under a wouter memory location, returning the location to inspect redirects. */
export function renderAt(path: string, ui: ReactNode) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {ui}
    </Router>,
  );
  return { ...result, location };
}
