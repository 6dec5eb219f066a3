import { Link } from 'react-router'

export function SiteHeader() {
  return (
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="text-xl font-bold">
          Tremplin
        </Link>
        <Link to="/auth">Se connecter</Link>
      </div>
    </header>
  )
}
