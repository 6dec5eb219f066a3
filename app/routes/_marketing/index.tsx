import { Link } from 'react-router'

export default function Landing() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold">Tremplin</h1>
      <Link to="/auth">Rejoindre la Communauté</Link>{' '}
      <Link to="/feed">Découvrir la Plateforme</Link>
    </section>
  )
}
