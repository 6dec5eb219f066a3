export default function Feed() {
  return <h1>Feed</h1>
}
