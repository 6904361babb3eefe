"""The server side of the web course: what Voilà and Jupyter load by name (the forked-kernel provisioner,
the kernel manager and the page handling that ``etc/voila.py`` configures). Never imported by a kernel's
lessons, except :mod:`~maumau_core.server.forked_kernels`, which starts them."""
