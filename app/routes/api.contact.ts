// Placeholder: being written.
export async function loader() {
  return new Response('Not yet', { status: 501 })
}
