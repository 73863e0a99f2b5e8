// Placeholder: being written.
export default function Page() {
  return <h1>product-sized</h1>
}
