import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from './AuthProvider';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './routes';

// A plain <BrowserRouter> rather than a data router: the app has no loaders, actions or blockers, and
// the data router's code was 14 KB of the login page's download (docs/decisions.md#web-declarative-router).
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
