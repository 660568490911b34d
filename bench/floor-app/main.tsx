// The floor of the sign-in bundle benchmark: an empty app with React, react-router and the
// Chakra provider (default system), built in the same run as the real app.
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

const router = createBrowserRouter([{ path: '*', element: <p>Floor</p> }]);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <ChakraProvider value={defaultSystem}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
}
