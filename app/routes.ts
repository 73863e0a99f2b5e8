import { type RouteConfig, index, route } from '@react-router/dev/routes'
import { SHELVES } from './features/catalogue/categories'

export default [
  index('routes/home.tsx'),
  // One listing page serves every shelf; the path tells it which (features/catalogue/categories.ts).
  ...SHELVES.map((shelf) => route(shelf.path.slice(1), 'routes/shelf.tsx', { id: `shelf${shelf.path}` })),
  route('product', 'routes/product-index.tsx'),
  route('product/:productId', 'routes/product.tsx'),
  route('product/:name/:productId', 'routes/product-sized.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('Cart-page', 'routes/cart.tsx'),
  route('address', 'routes/address.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('payment', 'routes/payment.tsx'),
  route('order-success', 'routes/order-success.tsx'),
  route('api/products', 'routes/api.products.ts'),
  route('api/products/:productId', 'routes/api.product.ts'),
  route('api/contact', 'routes/api.contact.ts'),
  route('api/cart/quote', 'routes/api.cart.quote.ts'),
  route('api/payment/createOrder', 'routes/api.payment.createOrder.ts'),
  route('api/payment/verify', 'routes/api.payment.verify.ts'),
  route('api/payment/webhook', 'routes/api.payment.webhook.ts'),
  route('api/payment/test/complete', 'routes/api.payment.test.complete.ts'),
  route('api/orders/:orderId', 'routes/api.order.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
